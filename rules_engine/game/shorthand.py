"""A judge's shorthand for real cards and heroes (issue 27, disputes-27d).

Judges at the table name real cards by the part of the name they remember ("ronin", "valor",
"the saber", "visit goldmane"), give the pitch colour as a bare word ("snatch red"), and name the
player by the hero ("kayo breakneck at p2", "gravy: tap, pop gold", "fai again"). These rewrites
turn that shorthand into the grammar's own shapes before a line is read (``phrases.Parser``):

- ``colour_after``: a colour word right after a known name is that name's pitch variant (CR 1.3.4),
  written in parentheses as the grammar reads it.
- ``part_said``: the first or last word(s) of exactly one of the scenario's own card names, said
  where a card is named (after a player, a play verb, "with", "pitching", ...), is that card.
- ``hero_said``: a hero's name (or a word of it) opening a clause is the player who controls that
  hero; followed by ":", "ability", "AR", "again" it is the hero's activated ability (CR 5.2).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import rx
from .cards import norm_name

if TYPE_CHECKING:
    from .phrases import NameIndex
    from .state import GameState

_COLOURED = re.compile(r"\((?:red|yellow|blue)\)$", re.I)

#: words never read as part of a card's name said alone: the game's own words, and words judges use
#: for something else at the table
_NOT_A_PART = frozenset(
    "action attack defend defense damage reaction resolution layer close combat chain link phase step start end "
    "hero card cards token trigger turn pitch arsenal hand deck graveyard life resource resources go again "
    "instant equipment weapon aura item block blocks next other first last the of and a an to up in on at "
    "from with for hit hits blow strike shot top bottom red yellow blue power dmg none no all both "
    # keywords and labels judges say on their own ("crush: P2 discards", "combo is on")
    "crush combo reprise rupture boost dominate intimidate overpower opt spellvoid ward phantasm blade break "
    "battleworn temper arcane barrier charge charged mark marked fusion fused "
    # the equipment slots (read as the card only by ``NameIndex.first_word_said``)
    "helm helmet head chest arms legs boots gloves".split()
)

#: what may stand right before a card named by a part of its name
_BEFORE = re.compile(
    r"(?:^|[;,:(]\s*|\b(?:P[12]|plays?|played|with|w/|pitching|pitches|pitch|pitched|and|then|"
    r"swings?|swung|atks?|attacks? with|blocks?(?: with)?|blk|defends? with|discards?|discarding|banish(?:es|ing)?"
    r"|again|on|into|the|her|his|their|leads?|led|opens?|opened|threw|throws?|tossed|slams?|slammed|ran|runs|"
    r"(?:goes|went) in with|\^|\+)\s+)$",
    re.I,
)
#: what may follow it
_AFTER = re.compile(
    r"^(?:\s*$|\s*[,;:()@^+]|\s+(?:at|targeting|again|on|pitching|pitch|off|from|w/|with|for|and|to|"
    r"resolves|hits|gets|is|was|back|red|yellow|blue|out|into|onto|off|in|@)\b|\s*#\d)",
    re.I,
)


def colour_after(names: NameIndex, text: str) -> str:
    """ "Snatch red", "wounding blow blue": a colour word right after a known name that has that pitch
    variant is the variant (CR 1.3.4), written "Snatch (red)"."""
    if not rx.search(r"\b(?:red|yellow|blue)\b", text, re.I):
        return text
    out, pos = "", 0
    for m in rx.finditer(r"(?<![\w'(])[A-Za-z]", text):
        if m.start() < pos:
            continue
        name = names.prefix(text[m.start() :])
        if name is None or _COLOURED.search(name):
            continue
        end = m.start() + len(name)
        mc = rx.match(r"\s+(red|yellow|blue)\b(?!\s*(?:card|cards|one|ones|\())", text[end:], re.I)
        if not mc:
            continue
        colour = mc.group(1).casefold()
        if names.prefix(f"{name} ({colour})") is None:
            continue
        out += text[pos:end] + f" ({colour})"
        pos = end + mc.end()
    return out + text[pos:]


def _own_names(names: NameIndex) -> list[str]:
    return [n for lst in names._by_first.values() for n in lst]  # noqa: SLF001 (the index's own names)


def _parts(names: NameIndex, skip: frozenset[str]) -> dict[str, set[str]]:
    """part said -> the uncoloured own names it is the first or last word(s) of."""
    parts: dict[str, set[str]] = {}
    for name in _own_names(names):
        base = rx.sub(r"\s*\((?:red|yellow|blue)\)$", "", name)
        key = norm_name(base)
        if key in skip:
            continue
        words = [w.strip(",") for w in key.split(" ") if w.strip(",")]
        if len(words) < 2:
            continue
        for k in range(1, len(words)):
            for part in (words[:k], words[-k:]):
                if all(w in _NOT_A_PART for w in part) or (len(part) == 1 and len(part[0]) < 4):
                    continue
                if part[-1] in _NOT_A_PART or part[0] in _NOT_A_PART:
                    continue
                parts.setdefault(" ".join(part), set()).add(base)
    return parts


def part_said(names: NameIndex, text: str, skip: frozenset[str] = frozenset()) -> str:
    """ "ronin (red) @p2", "P1 valor red", "saber again", "pitching scar (blue)": the first or last
    word(s) of exactly one of the scenario's own card names (not a hero's, ``skip``), said where a card
    is named, is that card; a colour said after it picks the variant, else the one variant the
    scenario has (CR 1.3.4). A part that starts a known card name where it stands is left."""
    parts = _parts(names, skip)
    if not parts:
        return text
    longest = max(len(p.split(" ")) for p in parts)
    out, pos, known_end = "", 0, 0
    for m in rx.finditer(r"(?<![\w'(/])[A-Za-z]", text):
        if m.start() < pos or m.start() < known_end:
            continue  # inside a part already read, or inside a known name said in full
        known = names.prefix(text[m.start() :])
        if known is not None:
            known_end = m.start() + len(known)
            continue
        words = rx.match(
            r"[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0," + str(longest - 1) + "}", text[m.start() :]
        )
        if not words:
            continue
        said = words.group(0).split()
        for k in range(len(said), 0, -1):
            part = norm_name(" ".join(said[:k]))
            bases = parts.get(part)
            if not bases or len({norm_name(b) for b in bases}) != 1:
                continue
            end = m.start() + len(" ".join(said[:k]))
            # the words said must be exactly those (one space each) for the offsets to hold
            if norm_name(text[m.start() : end]) != part:
                continue
            if not _BEFORE.search(text[: m.start()]) or not _AFTER.match(text[end:]):
                break
            base = next(iter(bases))
            # the colour said after it picks the variant (colour_after reads a bare colour word); else the
            # name as said elsewhere in full, uncoloured (the engine finds the one copy the zones hold)
            full = base
            out += text[pos : m.start()] + full
            pos = end
            break
    return out + text[pos:]


def heroes_of(state: GameState) -> dict[str, tuple[str, str]]:
    """word said -> (player, the hero's name as the grammar names it) for each hero in the state: the
    hero's full name, its short name, and each word of the short name of 4 letters or more; a word two
    heroes share names neither."""
    said: dict[str, tuple[str, str] | None] = {}
    for pid, p in state.players.items():
        if not p.hero:
            continue
        full = p.hero_card.name if p.hero_card is not None else p.hero
        short = full.split(",")[0].strip()  # "Fai" of "Fai, Rising Rebellion": how the grammar names it
        keys = {norm_name(full), norm_name(p.hero), norm_name(short)}
        keys |= {w for w in norm_name(short).split(" ") if len(w) >= 4}
        first = norm_name(short).split(" ")[0]
        keys |= {first[:n] for n in range(4, len(first))}  # "dori" for Dorinthea: a nickname
        for k in keys:
            if k in _NOT_A_PART:
                continue
            said[k] = (pid, short) if k not in said or said[k] == (pid, short) else None
    return {k: v for k, v in said.items() if v is not None}


_ABILITY = re.compile(
    r"^(?:'s)?(?:\s+hero)?(?:\s*(?P<kind>ability|ab|AR|instant|taps|tapped|tap)\b|\s*(?=:))(?P<again>\s+again\b)?"
    r"(?:\s+(?:on|targeting)\s+(?P<on>[^,:;^]+?)(?=\s*(?:[,:;^]|pitch|$)))?\s*(?P<sep>:)?",
    re.I,
)
_AGAIN = re.compile(r"^(?:'s)?(?:\s+hero)?(?:\s+ability)?\s+again\b\s*(?P<sep>:)?", re.I)


def _plays_card(tail: str) -> bool:
    """Whether the words after "<hero>:" say a card played (a target or a pitch follows the name), not
    the ability's costs and effects ("tap, pop gold, draws")."""
    if rx.match(r"(?:taps?|tapped|pops?|popped|destroys?|pitch\w*|banish\w*|discard\w*|sacs?)\b", tail, re.I):
        return False  # the ability's costs said first
    return bool(
        rx.search(
            r"(?:@|\bat\b|\btargeting\b|\bpitch|\^|\bvs\b|\(red\)|\(yellow\)|\(blue\))",
            tail.split(",")[0],
            re.I,
        )
    )


def hero_said(heroes: dict[str, tuple[str, str]], clause: str) -> str:
    """ "kayo breakneck at p2" -> "P1 breakneck at p2"; "gravy: tap, pop gold, ..." -> "P1 uses Gravy
    Bones: tap, pop gold, ..."; "fai again ..." -> "P1 uses Fai again, ..."; "boltyn AR: ..." -> "P1
    uses Ser Boltyn, ...". A hero's trigger ("Cindra trigger", "Valda makes ...") is left as said."""
    if not heroes:
        return clause
    m = rx.match(r"^(\s*(?:(?:and\s+)?then\s+)?)([A-Za-z][\w'!/-]*(?:\s+[A-Za-z][\w'!/-]*)?)", clause)
    if not m:
        return clause
    lead = m.group(1)
    words = m.group(2).split()
    for k in (2, 1):
        if len(words) < k:
            continue
        key = norm_name(" ".join(words[:k]))
        if key.endswith("'s"):
            key = key[:-2]
        if key not in heroes:
            continue
        player, hero = heroes[key]
        if k == 1 and " " in hero and key in norm_name(hero).split(" "):
            hero = (
                words[0].removesuffix("'s").capitalize()
            )  # "boltyn" of "Ser Boltyn": the word said names it
        start = len(lead) + len(" ".join(words[:k]))
        if words[k - 1].casefold().endswith("'s"):
            start -= 2
        rest = clause[start:]
        if rx.match(
            r"^(?:'s)?\s+(?:trigger|triggers|triggered|trig|makes|creates|made|created|gets|'s trigger|activates|activated|uses|used)\b",
            rest,
            re.I,
        ):
            return f"{lead}{hero}{rest}"  # the hero's trigger, named as the grammar names the hero
        ma = _ABILITY.match(rest) or _AGAIN.match(rest)
        tail = rest[ma.end() :].strip(" ,") if ma else ""
        if ma and rx.match(
            r"(?:gets|got|is|was|made|makes|creates|created|triggers|triggered|resolves|resolved|activates)\b",
            tail,
            re.I,
        ):
            return f"{lead}{hero}{rest}"  # "Chane's ability gets activated": said of the ability, as the grammar reads it
        if ma and ma.group("sep") and not ma.groupdict().get("kind") and not ma.groupdict().get("again"):
            if _plays_card(tail):
                return (
                    f"{lead}{player} {tail}"  # "Rhinar: Wrecking Ball (red) at P2": the hero's player plays
                )
        if ma:
            again = " again" if ma.groupdict().get("again") or ma.re is _AGAIN else ""
            said = f"{lead}{player} uses {hero}{again}"
            if ma.groupdict().get("on"):
                said += f" targeting {ma.group('on').strip()}"
            tail = ability_tail(tail)
            return f"{said}, {tail}" if tail else said
        if rx.match(r"^\s+\S", rest) and not rx.match(r"^(?:'s)", rest):
            return f"{lead}{player}{rest}"
        return clause
    return clause


#: an explanation said after an action ("GA bc ronin was red", "6 power w/ kayo so GA", "contract done"):
#: a remark in parentheses, which the claim grammar checks where it reads it and reports otherwise
_REMARKS = (
    # "..., GA bc Ronin was red", "... since P1 is lower": the reason, to the end of the clause
    re.compile(
        r",\s*((?:GA|go again|no GA|no go again|\+\d+)\s+(?:bc|b/c|because|cuz|since)\s+[^;()]+)$", re.I
    ),
    re.compile(r",?\s+((?:bc|b/c|cuz)\s+[^;()]+)$", re.I),
    # "..., 6 power w/ kayo so GA": a part of the line that says why a keyword applies
    re.compile(
        r"(^|,)\s*([^,;()]*\bso\s+(?:GA|go again|no GA|no go again|\+\d+|\d+\s*(?:power|pow)\b)(?![\w])[^,;()]*)",
        re.I,
    ),
    # "..., contract done": a contract said complete (the engine derives it from the card, CR 8.5.39)
    re.compile(r",\s*(contract (?:done|complete|completed|met|fulfilled|fulfil+ed))\b", re.I),
    # "..., Bolt gets go again", "Ronin gains +1": what an effect did, said of a card (not a player)
    re.compile(
        r",\s*((?!P[12]\b)[A-Za-z](?:\((?:red|yellow|blue)\)|[^,;()])*?\s+(?:gets|gains|got|gained)\s+(?:go again|GA|\+\d+)\b[^,;()]*)",
        re.I,
    ),
    # "..., no boost": the optional boost not taken (CR 8.3.9), the play's default
    re.compile(r",\s*(no boost|didn'?t boost|doesn'?t boost|not boosted)\b", re.I),
    # "no block, 2, gold", "no blk, 4, draw": a last word after the damage says what the hit made
    re.compile(r"(,\s*\d+\s*(?:dmg|damage)?)\s*,\s*([a-z]+(?: [a-z]+)?)\s*$", re.I),
    # "..., +2, might": a power bonus said bare after a comma is a remark on the attack's power
    re.compile(r"(,)\s*([+-]\d+(?:\s*,\s*[a-z][^,;()]*)*)\s*$"),
    # "..., no card left for the discard": what the player could not do, a remark (the engine judges it)
    re.compile(r",\s*(no (?:other )?cards? (?:left|to discard|in hand)[^,;()]*)", re.I),
)

#: "dori trigger - attack again", "cindra trigger fealty": a trigger named, then what it did said in a few
#: words that are no action of a player; the words are a remark on the trigger
_TRIGGER_REMARK = re.compile(
    r"\b([A-Za-z][\w'-]*) (trigger|trig)\s*(?:-|:|,)?\s+(?!P[12]\b)"
    r"(?!(?:goes|went|go|is|was|are|gets|got|resolves|resolved|added|on|and|then|from|of|for)\b)"
    r"(?=[^,;()\s]+(?:\s+[^,;()\s]+){0,2}\s*$)(?![^,;()]*\b\w+(?:es|ed)\b)(?![^,;()]*\b(?:takes|took|draws|drew|discards|"
    r"makes|creates|banishes|gains|loses|deals|puts|pays|resolves|plays|blocks)\b)([^,;()]+)$",
    re.I,
)


#: Words one of which each of ``_REMARKS`` needs to match (in lower case): a line with none of them is
#: left to the next pattern without being split (speed only; ``test_remarks_gate`` checks the result
#: is the same as trying every pattern).
_REMARK_NEEDS = (
    ("bc", "b/c", "because", "cuz", "since"),
    ("bc", "b/c", "cuz"),
    ("so",),
    ("contract",),
    ("get", "gain", "got"),
    ("boost",),
    (",",),
    ("+", "-"),
    ("no card",),
)


def remarks(line: str, gate: bool = True) -> str:
    """A judge's explanations after an action, made remarks in parentheses (see ``_REMARKS``)."""
    line = "; ".join(x.strip() for x in line.split(";"))
    for pattern, needs in zip(_REMARKS, _REMARK_NEEDS, strict=True):
        if gate and not any(w in line.casefold() for w in needs):
            continue
        line = "; ".join(
            pattern.sub(
                lambda m: (
                    f"{m.group(1) if m.group(1).strip(', ') else ''}; ({m.group(2).strip()})"
                    if m.re.groups == 2
                    else f" ({m.group(1).strip()})"
                ),
                x.strip(),
            ).strip()
            for x in line.split(";")
        )
    # "no block, 6, dori trigger - attack again": a trigger named after the damage starts its own action
    line = rx.sub(r",\s*(?=[A-Za-z][\w'-]* (?:trigger|trig)\b(?!\s*(?:,|$)))", "; ", line, flags=re.I)
    line = "; ".join(
        _TRIGGER_REMARK.sub(lambda m: f"{m.group(1)} {m.group(2)} ({m.group(3).strip()})", x.strip())
        for x in line.split(";")
    )
    # "draws Breakneck Battery (yellow), discards it (only card)": the card just named is the one discarded
    line = rx.sub(
        r"\s*\((?:the |her |his |their )?(?:only|last) card(?: (?:left|in hand))?\)", "", line, flags=re.I
    )
    line = rx.sub(
        r"\b(draws|drew|reveals|revealed|flips|flipped) ([A-Z][^,;()]*?(?:\s*\((?:red|yellow|blue)\))?),\s*"
        r"(discards|discarded|banishes|banished|pitches|pitched) (?:it|that one|that)\b",
        r"\1 \2, \3 \2",
        line,
    )
    # "Visit Goldmane Estate (blue) pitch Sink Below (red)": the pitch said without its comma
    line = rx.sub(
        r"(?:(?<=\))|(?<=\bhero)|(?<=\bat P[12])|(?<=\bat p[12])|(?<=@P[12])|(?<=@p[12]))"
        r"\s+(?:pitch|pitches)\s+(?!zone\b|value\b|so\b|\d)(?=[A-Za-z])",
        ", pitching ",
        line,
        flags=re.I,
    )
    # "pitching Sink Below (red) and Phoenix Flame (red) back to hand": the card returned is no pitch
    line = rx.sub(
        r"\s+and\s+([^,;()]+?(?:\s*\((?:red|yellow|blue)\))?)\s+back (?:to|into) (?:the |their |her |his )?hand\b",
        r", returning \1 to hand",
        line,
        flags=re.I,
    )
    # "P2 doesn't pay the 2": an option declined (CR 1.10.3's "may")
    line = rx.sub(
        r"\b(?:doesn'?t|does not|won'?t|didn'?t|did not|refuses to|refused to) pay(?: the \d+| it| for it| that)?\b",
        "declines to pay",
        line,
        flags=re.I,
    )
    # "flame #2", "Runechant #3": the count said after a name adds nothing
    line = rx.sub(r"\s*#\d+\b", "", line)
    # "trigger: Fate Foreseen (red) face down to arsenal": the card the trigger lets the player arsenal
    line = rx.sub(
        r",\s*(?:[A-Za-z]+\s+)?(?:trigger|trig)\s*[:,-]\s*([^,;]+?)\s+face[- ]?down\s+(?:to|into|in)\s+"
        r"(?:the\s+|their\s+|her\s+|his\s+)?arsenal\b",
        r"; puts \1 face-down into their arsenal",
        line,
        flags=re.I,
    )
    # "limpit from the yard now": the time word adds nothing
    return rx.sub(r"\s+(?:now|again now)(?=\s*(?:[,;]|$))", "", line, flags=re.I)


_COST_WORDS = (
    # "tap" / "taps": the {t} of the hero's ability is part of activating it (CR 5.2.1c)
    (re.compile(r"^(?:taps?|tapped|tapping)(?:\s+(?:it|him|her|the hero))?$", re.I), ""),
    (re.compile(r"^(?:taps?|tapped|tapping)\s*(?:\+|and|&)\s*", re.I), ""),
    # "pop gold", "pops a Gold", "destroys the Gold": a cost "destroy a Gold you control"
    (
        re.compile(
            r"^(?:pops?|popped|popping|destroys?|destroyed|cracks?|cracked|sacs?|sacrifices?)\s+(?:a |the |one |1 )?",
            re.I,
        ),
        "destroying a ",
    ),
    (re.compile(r"^(?:pitch|pitches|pitched)\s+", re.I), "pitching "),
    (re.compile(r"^(?:banish|banishes|banished)\s+", re.I), "banishing "),
    (re.compile(r"^(?:discard|discards)\s+(?=[A-Za-z])", re.I), "discarding "),
)


def ability_tail(tail: str) -> str:
    """The words after "<hero> ability" or "<hero>:": the ability's costs said as verbs ("tap, pop gold,
    pitch X, banish Y from soul") written as the participles the activation reads, the rest kept."""
    parts = [x.strip() for x in rx.split(r",\s*", tail) if x.strip()]
    out: list[str] = []
    costs = True  # the costs come first; after the first effect word, the rest is kept as said
    for part in parts:
        if costs:
            said = part
            for pattern, rep in _COST_WORDS:
                if pattern.search(part):
                    part = pattern.sub(rep, part).strip()
            costs = part != said or not part
        if part:
            out.append(part)
    return ", ".join(out)
