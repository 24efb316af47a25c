"""Whole-line idioms of the eighth blind batch (issue 26, blind-26h).

Each rewrite turns a way judges tell a turn into the grammar's own shape before the line is split
into clauses (``phrases._idioms`` applies the table first). They are readings of words, never of one
scenario: each is tried in at least two other phrasings by ``tests/rules_engine/game/test_blind26h_shapes.py``.
What the words claim stays a claim, checked against the derived state; nothing is dropped silently.
"""

from __future__ import annotations

import re

from .rewrites import Replacement, Rewrites

_PHASES = {"start": "Start", "action": "Action", "end": "End"}

_IDIOMS_26H: list[tuple[re.Pattern[str], Replacement]] = [
    # "at the start of P1's turn P2 played Instant G": a player's action said to happen in the Start
    # Phase is checked there (a claim; no player gets priority in it, CR 4.2.1), not a marker that
    # would first finish the phase
    (
        re.compile(
            r"(^|;\s*)(?:(?:and\s+)?then\s+)?(?:at|during|in) (?:the )?(?:start|beginning) of "
            r"(?:P[12]'s|the|their|his|her|the next) turn,?\s+(P[12]\b[^;]*)",
            re.I,
        ),
        r"\1\2 (the start phase)",
    ),
    # "at the start of P1's turn the Might token triggered": the Start Phase (CR 4.2.2), said by the turn
    (
        re.compile(
            r"(^|;\s*)(?:(?:and\s+)?then\s+)?(?:at|during|in) (?:the )?(?:start|beginning) of "
            r"(?:P[12]'s|the|their|his|her|the next) turn,?\s+(?=\S)",
            re.I,
        ),
        r"\1Start Phase - ",
    ),
    # "in the action phase P1 attacked", "during P2's end phase, ...": the phase named before the
    # actions, as "Action Phase - ..." says it (CR 4.2, 4.3, 4.4)
    (
        re.compile(
            r"(^|;\s*)(?:(?:and\s+)?then\s+)?(?:in|during) (?:P[12]'s |the |their |his |her )?(start|action|end) phase,?\s+(?=\S)",
            re.I,
        ),
        lambda m: f"{m.group(1)}{_PHASES[m.group(2).casefold()]} Phase - ",
    ),
    # "P2 fired off Instant G during P1's start phase": the phase the action was taken in, a claim
    # checked after it (a card played where no player has priority is judged by the engine, CR 4.2.1);
    # "while still in the action phase" is another shape's
    (
        re.compile(
            r"(?<!still)(?<!while)\s+(?:during|in) (?:P[12]'s |the |their |his |her )?(start|action|end) phase(?=\s*(?:$|[;,(]))",
            re.I,
        ),
        r" (the \1 phase)",
    ),
    # "P1's action phase started", "the end phase began": the phase begins (a phase marker)
    (
        re.compile(
            r"\b(?:P[12]'s|the|their) (start|action|end) phase (?:started|began|has begun|has started|got going|kicked off)\b",
            re.I,
        ),
        lambda m: f"{_PHASES[m.group(1).casefold()]} Phase begins",
    ),
    # "no reactions from either side", "no reactions by either player": everyone passed through the
    # Reaction Step (CR 7.4.3)
    (
        re.compile(
            r"\bno (more |further |other )?reactions? (?:from|by) (?:either|both|each|any|anyone on) "
            r"(?:side|sides|player|players|of them)\b",
            re.I,
        ),
        r"no \1reactions",
    ),
    # "after the damage P1 passed": said in the Damage Step, after its damage (CR 7.5.3)
    (
        re.compile(
            r"(^|;\s*)(?:(?:and\s+)?then\s+)?after (?:the )?(?:damage|dmg)(?: (?:was|is|got) dealt)?,?\s+(?=P[12]\b)",
            re.I,
        ),
        r"\1Damage Step - ",
    ),
    # "with Attack A still on the stack, P1 passed and P2 responded": when the actions happened, the
    # claim "while X is on the stack" said first (checked after the last clause of the line)
    (
        re.compile(
            r"^(?:with|while) ((?!P[12]\b)[^,;]+?) (?:is |was )?(?:still )?on the stack,\s*([^;]+)$",
            re.I,
        ),
        r"\2 while \1 is on the stack",
    ),
    # "the Might token triggered and went away": the token's trigger resolved (the players pass with it
    # on the stack, or the phase resolves it, CR 4.2.2); what it did is checked by its effect
    (
        re.compile(
            r"\b(?:the )?((?!P[12]\b)[A-Z][\w']*(?: [A-Z][\w']*)*)(?: tokens?)? (?:triggered|triggers) and "
            r"(?:went away|goes away|was destroyed|is destroyed|got destroyed|popped|pops|resolved|resolves|did its thing)\b",
        ),
        r"\1 triggers and resolves",
    ),
    # "P1 attacked P2 with Attack A": the target said before the attack (CR 5.1.4b)
    (
        re.compile(
            r"\b(P[12]) (?:attacked|attacks|swung at|swings at|went at|goes at) (P[12])(?:'s hero)? with "
            r"([A-Z][^,;()]*?)(?=\s*(?:$|[,;(]|\s(?:and|then|but|so)\s))",
        ),
        r"\1 attacks with \3 targeting \2's hero",
    ),
    # "P1 swung Attack A at P2 with the action point from go again": the point the play is paid with,
    # said as a claim that P1 has it before the play (CR 8.3.5, 1.14.2f), then the play
    (
        re.compile(
            r"^((?:(?:and\s+)?then\s+|so\s+)?)(P[12]) ([^;]+?),?\s+(?:with|using|off|on) (?:the|an|1|one|its|his|her|their) "
            r"(?:action point|AP)(?: (?:from|of|off|for|thanks to) (?:the |its )?(?:go again|GA))\b",
            re.I,
        ),
        r"\1\2 has 1 action point; \2 \3",
    ),
    # "P2 didn't blk": the shorthand of "block" after a negation is the declaration of no defenders
    (
        re.compile(r"\b(didn't|didnt|did not|doesn't|doesnt|does not|won't|can't|cannot) blks?\b", re.I),
        r"\1 block",
    ),
    # "P1 places Card B on the bottom of their deck", "... of theirs": put (CR 4.4.3c)
    (
        re.compile(r"\b(P[12]) (?:places|placed|place|sets|set|slides|slid|tucks|tucked) (?=\S)", re.I),
        r"\1 puts ",
    ),
    (re.compile(r"\b(?:on|at) the bottom of theirs\b", re.I), "on the bottom of their deck"),
    (
        re.compile(r"\b(P[12] puts [^;]+?) at the bottom of (their|his|her|P[12]'s) deck\b", re.I),
        r"\1 on the bottom of \2 deck",
    ),
]

IDIOMS_26H = Rewrites(_IDIOMS_26H)
