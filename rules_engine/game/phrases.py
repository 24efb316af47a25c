"""The phrase grammar: a judge's plain-English steps and the compact phone notation, parsed into entries.

A line is split at "; " into clauses (outside parentheses). Each clause must match one of a small set
of shapes (documented in docs/reconstruction.md); card names are matched against the known names
(the scenario's cards, the cards in the state, the card database) longest first, so names may contain
spaces and commas. Parenthesised text is a comment, except the stat claims "(pitch 3)", "(defense 2)"
that attach to the card before them. A clause that matches no shape is reported as unreadable; the
rest of the line still applies. Nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from . import actions as A
from .cards import CardLookup, InlineCards, norm_name

UNKNOWN = "?"  # the name of a card nobody saw ("a blue card")
STEPS = ("layer", "attack", "defend", "reaction", "damage", "resolution", "link", "close")
_P = r"(P[12])"
_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


class NameIndex:
    """Known card names for longest-first matching (case-insensitive)."""

    def __init__(self, names: Iterable[str] = (), parent: NameIndex | None = None) -> None:
        self._by_first: dict[str, list[str]] = {}
        self._all: set[str] = set()
        self.parent = parent  # a shared index (the card database's names), consulted too
        for n in names:
            self.add(n)

    def add(self, name: str) -> None:
        key = norm_name(name)
        if not key or key in self._all:
            return
        self._all.add(key)
        first = key.split(" ", 1)[0]
        lst = self._by_first.setdefault(first, [])
        lst.append(name)
        lst.sort(key=lambda x: -len(x))

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


_CLAIM_PAREN = re.compile(r"\(\s*(pitch|defense|power|cost)\s+(\d+)\s*\)", re.I)


class Parser:
    """Parses lines into :class:`~rules_engine.game.actions.Entry` objects."""

    def __init__(self, names: NameIndex | None = None) -> None:
        self.names = names or NameIndex()

    # -- card lists ---------------------------------------------------------------------------
    def card_list(self, text: str) -> list[A.CardRef]:
        """ "Card D1 (defense 3) and Card D2 from hand, Helm H" -> refs."""
        refs: list[A.CardRef] = []
        rest = text.strip().strip(",").strip()
        while rest:
            rest = re.sub(r"^(?:and|then|,)\s+", "", rest.strip()).strip()
            if not rest:
                break
            mu = re.match(r"(?:a|an|one) (?:unknown )?(?:(red|yellow|blue) )?card\b", rest, re.I)
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
                    claims0.append((mc.group(1).casefold(), int(mc.group(2))))
                    after0 = after0[mc.end() :]
                refs.append(A.CardRef(name=UNKNOWN, claims=tuple(claims0)))
                rest = after0
                continue
            name = self.names.prefix(rest)
            if name is None:
                m = re.match(r"(.+?)(?=\s*\(|,\s|\s+and\s|\s+then\s|\s+from\s|$)", rest)
                if not m:
                    break
                name = m.group(1).strip()
                after = rest[m.end() :]
                mcol = re.match(r"\s*\((red|yellow|blue)\)", after, re.I)
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
                    claims.append((m2.group(1).casefold(), int(m2.group(2))))
                    after = after[m2.end() :]
                    continue
                m3 = re.match(
                    r"from (?:their |the )?(hand|arsenal|equipment|banished zone|graveyard|deck)\b",
                    after,
                    re.I,
                )
                if m3:
                    zone = m3.group(1).casefold().replace(" zone", "")
                    after = after[m3.end() :]
                    continue
                mcol2 = re.match(r"\((red|yellow|blue)\)", after, re.I)
                if mcol2 and not re.search(r"\((?:red|yellow|blue)\)$", name, re.I):
                    name = f"{name} ({mcol2.group(1).casefold()})"
                    after = after[mcol2.end() :]
                    continue
                m4 = re.match(r"\([^)]*\)", after)
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
        line = notation_to_english(line)
        for clause in split_clauses(line):
            self.clause(clause, entry)
        return entry

    def clause(self, clause: str, entry: A.Entry) -> None:
        c = clause.strip().rstrip(".").strip()
        if not c:
            return
        # observe / judge prefixes first (they contain ':' and '.')
        m = re.match(r"^(?:observe|obs)\s*:\s*(.*)$", c, re.I)
        if m:
            obs = self.observe(m.group(1))
            if obs is None:
                entry.unparsed.append(c)
            else:
                entry.clauses.append(obs)
            return
        m = re.match(r"^(?:judge|adjust|adj)\s*:\s*(.*)$", c, re.I)
        if m:
            acts = self.judge(m.group(1))
            if acts is None:
                entry.unparsed.append(c)
            else:
                entry.clauses.extend(acts)
            return
        m = re.fullmatch(r"deck check\s*:?\s*(P[12])", c, re.I)
        if m:
            entry.clauses.append(A.DeckCheck(m.group(1).upper()))
            return
        m = re.match(r"^rewind(?: to)?\s+(\d+)$", c, re.I)
        if m:
            entry.clauses.append(A.Rewind(int(m.group(1))))
            return
        # "<Step> Step - ...", "End-of-turn continues: ...", "Start Phase - ..."
        m = re.match(
            r"^(layer|attack|defend|reaction|damage|resolution|link|close) step(?: begins| ends)?\s*(?:-|:)\s*(.*)$",
            c,
            re.I,
        )
        if m:
            entry.clauses.append(A.StepMarker(m.group(1).casefold()))
            self.clause(m.group(2), entry)
            return
        m = re.match(r"^(start|action|end) phase(?: begins)?\s*(?:-|:)\s*(.*)$", c, re.I)
        if m:
            entry.clauses.append(A.PhaseMarker(m.group(1).casefold()))
            self.clause(m.group(2), entry)
            return
        m = re.match(
            r"^end-of-turn(?: procedure)?(?: continues| begins)?\s*:\s*(.*)$|^end-of-turn(?: procedure)? continues\s*(.*)$",
            c,
            re.I,
        )
        if m:
            rest = m.group(1) or m.group(2) or ""
            if rest:
                self.clause(rest, entry)
            return
        m = re.match(r"^(.+?) resolves,? and (.+)$", c, re.I)
        if m:
            entry.clauses.append(A.Noop("resolves"))
            self.clause(m.group(2), entry)
            return
        # comments in parentheses (the stat claims stay with their card)
        comments = [
            x
            for x in re.findall(r"\(([^)]*)\)", c)
            if not _CLAIM_PAREN.fullmatch(f"({x})") and x.strip().casefold() not in ("red", "yellow", "blue")
        ]
        entry.comments.extend(comments)
        acts = self.shape(c)
        if acts is None:
            entry.unparsed.append(c)
            return
        for act0 in acts:
            act: A.Action = act0
            mode = next(
                (
                    int(m.group(1))
                    for x in comments
                    for m in [re.fullmatch(r"\s*mode (\d+)\s*", x, re.I)]
                    if m
                ),
                0,
            )
            if isinstance(act, A.Play) and mode:
                act = A.Play(
                    act.player,
                    act.card,
                    act.targets,
                    act.pitches,
                    act.floating,
                    act.boost,
                    act.boost_card,
                    act.as_instant,
                    mode,
                )
            if isinstance(act, A.AllPass) and act.mode == "once" and comments:
                # "all pass (Instant Z resolves; ...)": the first thing said is what the pass resolves
                said = re.fullmatch(r"\s*(.+?) resolves\s*", re.split(r"[;:]", comments[0])[0], re.I)
                if said:
                    act = A.AllPass(act.mode, act.steps, said.group(1).strip())
            if isinstance(act, A.Pass) and comments and act is acts[-1]:
                # "P1 passes; P2 passes (Instant Z resolves)": checked like "all pass (... resolves)"
                said = re.fullmatch(r"\s*(.+?) resolves\s*", re.split(r"[;:]", comments[0])[0], re.I)
                if said:
                    act = A.Pass(act.player, said.group(1).strip())
            if isinstance(act, A.Discard) and not act.because and comments:
                act = A.Discard(act.player, act.cards, act.random, comments[0].strip().casefold())
            if isinstance(act, A.Draw):
                why = next(
                    (k for k in ("crush", "ponder", "hit") if any(k in x.casefold() for x in comments)), ""
                )
                if why:
                    act = A.Draw(act.player, act.count, why)
            entry.clauses.append(act)

    def strip_comments(self, c: str) -> str:
        def keep(m: re.Match[str]) -> str:
            keep_it = _CLAIM_PAREN.fullmatch(m.group(0)) or re.fullmatch(
                r"\((?:red|yellow|blue)\)", m.group(0), re.I
            )
            return m.group(0) if keep_it else ""

        return " ".join(re.sub(r"\([^)]*\)", keep, c).split()).strip().rstrip(",").strip()

    def shape(self, raw: str) -> list[A.Action] | None:
        c0 = raw
        low0 = c0.casefold()
        if re.fullmatch(
            r"(?:there are )?no (?:beginning[- ]of[- ](?:the[- ])?end[- ]phase )?triggers?(?: \(.*\))?", low0
        ):
            return [A.Noop("no_end_triggers")]
        # shapes that read their parentheses
        m = re.match(
            r"^(.+?) triggers?(?: and resolves?)?(?: \((?:targeting|target) (.+?)\))?(?:\s*\(.*\))?(?:,\s*[^,]+ on top)?$",
            c0,
            re.I,
        )
        if m and not re.match(r"^P[12] ", m.group(1)) and not re.match(r"^(?:the )?no\b", m.group(1), re.I):
            src = re.sub(r"^(?:P[12]'s |both |all |the |each )", "", m.group(1), flags=re.I).strip()
            src = re.sub(r"\s+tokens?$", "", src, flags=re.I)
            owner = re.match(r"^(P[12])'s ", m.group(1))
            tg = self.targets(m.group(2)) if m.group(2) else ()
            return [A.Trigger(src, owner.group(1) if owner else "", tg)]
        m = re.match(
            rf"^{_P} banishes (.+?) face-?(down|up)(?: from (?:their )?hand)?\s*(\(.*\))?$", c0, re.I
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
        boost_card = ""
        boost = False
        mb = re.search(r",?\s*boosting\s*(?:\((.*?)\))?", c0, re.I)
        if mb:
            boost = True
            inner = mb.group(1) or ""
            mc = re.search(r",\s*([^,]+)$", inner)
            if mc:
                boost_card = mc.group(1).strip()
            c0 = (c0[: mb.start()] + c0[mb.end() :]).strip()
        c = self.strip_comments(c0)
        low = c.casefold()
        # a bare claim about the state, "P2 life 11", is an observation (checked, never applied)
        m = re.fullmatch(
            r"(P[12])(?:'s)? (life|hand size|action points|resource points|chi points|intellect|deck)(?: is| =|:)? (-?\d+)",
            c,
            re.I,
        )
        if m:
            key = m.group(2).casefold().replace(" ", "_")
            return [A.Observe(f"{m.group(1).upper()}.{key}", int(m.group(3)))]
        # passing
        if re.fullmatch(r"(?:all|both players?|everyone) pass(?:es)?(?: priority)?", low):
            return [A.AllPass("once")]
        m = re.fullmatch(r"(?:all|both players?) pass(?:es)? (to|through|in) (?:the )?(.+?)(?: steps?)?", low)
        if m:
            mode = {"to": "to", "through": "through", "in": "through"}[m.group(1)]
            steps = tuple(
                s
                for s in re.split(r",\s*|\s+and\s+|\s+", m.group(2).replace("steps", "").replace("step", ""))
                if s in STEPS
            )
            if not steps:
                if "each step" in m.group(2) or "all steps" in m.group(2):
                    return [A.AllPass("through", ("resolution",))]
                return None
            return [A.AllPass(mode, steps)]
        m = re.fullmatch(rf"{_P} pass(?:es)?(?: priority)?", c, re.I)
        if m:
            return [A.Pass(m.group(1).upper())]
        m = re.fullmatch(rf"{_P} pass(?:es)?(?: priority)?(?:,| and) {_P} pass(?:es)?(?: priority)?", c, re.I)
        if m:
            return [A.Pass(m.group(1).upper()), A.Pass(m.group(2).upper())]
        # step and phase markers
        m = re.fullmatch(
            r"(layer|attack|defend|reaction|damage|resolution|link|close) step(?: begins| starts)?", low
        )
        if m:
            return [A.StepMarker(m.group(1))]
        m = re.fullmatch(r"(start|action|end) phase(?: begins| starts)?", low)
        if m:
            return [A.PhaseMarker(m.group(1))]
        m = re.fullmatch(r"(?:(?:p[12]'s|the) )?(start|action|end) phase (begins|starts|ends)", low)
        if m:
            nxt = {"start": "action", "action": "end", "end": "start"}
            return [A.PhaseMarker(m.group(1) if m.group(2) != "ends" else nxt[m.group(1)])]
        if re.fullmatch(r"end-of-turn(?: procedure)? ends|the turn ends|the turn passes to p[12]", low):
            return [A.PhaseMarker("start")]
        if re.fullmatch(
            r"no pitch zone cards?|(?:p[12]'s|their) permanents untap|the ward (?:applies|prevents \d+)|(?:both|all) wards apply|.+ would deal \d+(?: damage)?|it resolves|.+ is destroyed|the combat chain closes",
            low,
        ):
            return [A.Noop("narration")]
        m = re.fullmatch(r"(?:p[12]'s )?(?:the )?(.+?) trigger resolves", low)
        if m and m.group(1) not in ("hit", ""):
            return [A.Claim("trigger_resolves", m.group(1))]
        if re.fullmatch(r"(?:there are )?no (?:beginning[- ]of[- ](?:the[- ])?end[- ]phase )?triggers?", low):
            return [A.Noop("no_end_triggers")]
        if re.fullmatch(
            r"(?:the )?(?:hit )?trigger(?: is)? added to the stack|the hit trigger is added to the stack|(?:the )?(.+) trigger is added to the stack",
            low,
        ):
            return [A.Claim("trigger_added")]
        # play
        m = re.match(rf"^{_P} plays (.+)$", c, re.I)
        if m:
            return self.play(m.group(1).upper(), m.group(2), boost, boost_card)
        m = re.match(rf"^{_P} attacks with (.+)$", c, re.I)
        if m:
            return self.activate(m.group(1).upper(), m.group(2))
        m = re.match(rf"^{_P} activates (.+)$", c, re.I)
        if m:
            return self.activate(m.group(1).upper(), m.group(2))
        m = re.match(rf"^{_P} pitches (.+?)(?:\s+to\s+.*)?$", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            if not refs:
                return None
            return [A.Pitch(m.group(1).upper(), r) for r in refs]
        # defending
        m = re.fullmatch(
            rf"{_P} (?:declares|defends with|blocks with) (?:no (?:defending cards|defenders|cards)|nothing)",
            c,
            re.I,
        )
        if m:
            return [A.Defend(m.group(1).upper(), ())]
        m = re.fullmatch(rf"{_P} does(?: not|n't) defend", c, re.I)
        if m:
            return [A.Defend(m.group(1).upper(), ())]
        m = re.match(
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
        m = re.fullmatch(
            rf"{_P} (?:has no cards? in hand to arsenal|does not arsenal|doesn't arsenal|arsenals nothing|puts nothing into (?:their|the) arsenal)",
            c,
            re.I,
        )
        if m:
            return [A.NoArsenal(m.group(1).upper())]
        m = re.fullmatch(rf"{_P} puts (.+?) face-?(down|up) into (?:their|his|her|the) arsenal", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            return (
                [A.Arsenal(m.group(1).upper(), refs[0], m.group(3).casefold(), tuple(refs[1:]))]
                if refs
                else None
            )
        m = re.fullmatch(rf"{_P} arsenals (.+?)(?: face-?(down|up))?", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            return (
                [A.Arsenal(m.group(1).upper(), refs[0], (m.group(3) or "down").casefold(), tuple(refs[1:]))]
                if refs
                else None
            )
        m = re.fullmatch(rf"{_P} puts (.+?) on the bottom of (?:their|his|her) deck", c, re.I)
        if m:
            names = [r.name for r in self.card_list(m.group(2))]
            return [A.PitchToBottom(m.group(1).upper(), tuple(names))]
        if re.fullmatch(
            r"(?:all |both |the )?pitch zones? (?:go|goes|are put) (?:to|on) the bottom(?: of (?:the|their) decks?)?",
            low,
        ):
            return [A.PitchToBottom(None, ())]
        m = re.fullmatch(rf"{_P} draws (a|an|one|two|three|four|five|six|seven|\d+)(?: cards?)?", c, re.I)
        if m:
            return [A.Draw(m.group(1).upper(), _num(m.group(2)))]
        # prevention
        m = re.match(
            rf"^{_P} applies (arcane barrier|spellvoid|quell|arcane shelter|ward)(?: (\d+))?(?: of (.+?))?(?:,|$)(.*)$",
            c,
            re.I,
        )
        if m:
            rest = m.group(5) or ""
            source = (m.group(4) or "").strip()
            pay = None
            pitches: tuple[A.CardRef, ...] = ()
            mp = re.search(r"paying (\d+)(?: resource points?)?", rest, re.I)
            if mp:
                pay = int(mp.group(1))
            mq = re.search(r"(?:by )?pitching (.+)$", rest, re.I)
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
        m = re.fullmatch(rf"{_P} declines (arcane barrier|spellvoid|quell)(?: \d+)?(?: of .+)?", c, re.I)
        if m:
            return [A.DeclinePrevention(m.group(1).upper(), m.group(2).casefold())]
        # tokens, reveal, opt, heave
        m = re.fullmatch(rf"{_P} creates (a|an|one|two|three|four|\d+) (.+?) tokens?", c, re.I)
        if m:
            return [A.CreateToken(m.group(1).upper(), m.group(3).strip(), _num(m.group(2)))]
        m = re.fullmatch(
            rf"{_P} reveals (.+?)(?: (?:from|in) (?:their |the )?(hand|arsenal|pitch zone|graveyard|banished zone))?",
            c,
            re.I,
        )
        if m:
            zone = (m.group(3) or "hand").casefold().replace(" zone", "").replace("pitch", "pitch_zone")
            return [A.Reveal(m.group(1).upper(), m.group(2).strip(), zone)]
        m = re.fullmatch(rf"{_P} opts (\d+)\s*:?\s*(.*)", c, re.I)
        if m:
            top: list[str] = []
            bottom: list[str] = []
            for part in re.split(r",\s*|;\s*", m.group(3)):
                mm = re.fullmatch(
                    r"\s*(.+?) on (?:the )?(top|bottom)(?: of (?:their|the) deck)?\s*", part, re.I
                )
                if not mm:
                    continue
                names = [r.name for r in self.card_list(mm.group(1))]
                (top if mm.group(2).casefold() == "top" else bottom).extend(names)
            return [A.Opt(m.group(1).upper(), tuple(top), tuple(bottom))]
        m = re.match(rf"^{_P} heaves (.+?)(?:,|$)(.*)$", c, re.I)
        if m:
            refs = self.card_list(m.group(2))
            rest = m.group(3) or ""
            mp = re.search(r"paying (\d+)", rest, re.I)
            mq = re.search(r"pitching (.+)$", rest, re.I)
            return [
                A.Heave(
                    m.group(1).upper(),
                    refs[0] if refs else A.CardRef(m.group(2)),
                    tuple(self.card_list(mq.group(1))) if mq else (),
                    int(mp.group(1)) if mp else None,
                )
            ]
        m = re.fullmatch(
            rf"{_P} discards (a|an|one|two|three|\d+) (?:random )?cards?(?: at random)?", c, re.I
        )
        if m:
            why = next((k for k in ("crush",) if k in raw.casefold()), "")
            return [A.Discard(m.group(1).upper(), (), _num(m.group(2)), why)]
        m = re.fullmatch(rf"{_P} discards (.+)", c, re.I)
        if m:
            why = next((k for k in ("crush",) if k in raw.casefold()), "")
            return [A.Discard(m.group(1).upper(), tuple(self.card_list(m.group(2))), 0, why)]
        m = re.fullmatch(rf"{_P} (gains|loses) (\d+)(?:\{{h\}}| life)", c, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_life" if m.group(2).casefold() == "gains" else "lose_life",
                    m.group(1).upper(),
                    int(m.group(3)),
                )
            ]
        m = re.fullmatch(rf"{_P} shuffles (?:their|his|her|the) deck", c, re.I)
        if m:
            return [A.Shuffle(m.group(1).upper())]
        m = re.fullmatch(rf"{_P} pays (\d+)(?: resource points?)?(?:,? (?:by )?pitching (.+))?", c, re.I)
        if m:
            return [
                A.Pay(
                    m.group(1).upper(),
                    int(m.group(2)),
                    tuple(self.card_list(m.group(3))) if m.group(3) else (),
                )
            ]
        # narrated automatic events (claims)
        m = re.fullmatch(rf"{_P} gains (a|an|one|\d+) action points?", c, re.I)
        if m:
            return [A.Claim("gains_ap", m.group(1).upper(), _num(m.group(2)))]
        m = re.fullmatch(r"(.+?) deals (\d+)(?: damage)?(?: to (?:P[12]'s hero|P[12]))?( and hits)?", c, re.I)
        if m:
            out: list[A.Action] = [A.Claim("deals", m.group(1).strip(), int(m.group(2)))]
            if m.group(3):
                out.append(A.Claim("hits", m.group(1).strip()))
            return out
        m = re.fullmatch(r"(.+?) hits", c, re.I)
        if m:
            return [A.Claim("hits", m.group(1).strip())]
        m = re.fullmatch(r"(.+?) resolves", c, re.I)
        if m:
            return [A.Noop("resolves")]
        return None

    def targets(self, text: str) -> tuple[str, ...]:
        out = []
        for part in re.split(r"\s+and\s+|,\s*", text):
            part = part.strip()
            m = re.fullmatch(r"(P[12])(?:'s hero)?|(?:the )?opponent(?:'s hero)?", part, re.I)
            mo = re.fullmatch(r"(P[12])'s (.+)", part, re.I)
            if m:
                out.append(m.group(1).upper() if m.group(1) else "opponent")
            elif mo:
                obj = self.names.prefix(mo.group(2)) or mo.group(2)
                out.append(f"{mo.group(1).upper()}:{obj}")
            elif part:
                name = self.names.prefix(part)
                out.append(name or part)
        return tuple(out)

    def play(self, player: str, rest: str, boost: bool, boost_card: str) -> list[A.Action] | None:
        parts = re.split(
            r"(?:,\s*|\s+)(?=(?:from (?:hand|arsenal|their hand|their arsenal|banished|graveyard)\b|targeting\b|(?:by )?pitching\b|paying\b|as an instant\b))",
            rest,
            flags=re.I,
        )
        head = parts[0]
        refs = self.card_list(head)
        if not refs:
            return None
        card = refs[0]
        targets: tuple[str, ...] = ()
        pitches: list[A.CardRef] = []
        floating: int | None = None
        instant = False
        for part in parts[1:]:
            p = part.strip().rstrip(",")
            pl = p.casefold()
            if pl.startswith("from "):
                zone = re.sub(r"^from (?:their )?", "", pl).split()[0]
                card = A.CardRef(card.name, zone, card.claims)
            elif pl.startswith("targeting"):
                targets = self.targets(p[len("targeting") :].strip())
            elif pl.startswith("pitching") or pl.startswith("by pitching"):
                pitches.extend(self.card_list(re.sub(r"^(?:by )?pitching\s+", "", p, flags=re.I)))
            elif pl.startswith("paying"):
                mm = re.match(
                    r"paying (\d+)(?: with (?:floating )?resource points?| from floating(?: resource points?)?)?",
                    pl,
                )
                if mm and "floating" in pl:
                    floating = int(mm.group(1))
                mq = re.search(r"pitching (.+)$", p, re.I)
                if mq:
                    pitches.extend(self.card_list(mq.group(1)))
            elif pl.startswith("as an instant"):
                instant = True
        return [A.Play(player, card, targets, tuple(pitches), floating, boost, boost_card, instant)]

    def activate(self, player: str, rest: str) -> list[A.Action] | None:
        parts = re.split(r"(?:,\s*|\s+)(?=(?:targeting\b|(?:by )?pitching\b|paying\b))", rest, flags=re.I)
        name = self.names.prefix(parts[0]) or parts[0].strip()
        targets: tuple[str, ...] = ()
        pitches: list[A.CardRef] = []
        for part in parts[1:]:
            pl = part.strip().casefold()
            if pl.startswith("targeting"):
                targets = self.targets(part.strip()[len("targeting") :].strip())
            elif "pitching" in pl:
                pitches.extend(self.card_list(re.sub(r"^.*?pitching\s+", "", part.strip(), flags=re.I)))
        return [A.Activate(player, name, targets, tuple(pitches))]

    def observe(self, text: str) -> A.Observe | None:
        t = text.strip()
        who = ""
        m = re.match(r"^(P[12]|judge|spectator|\w+) says (.*)$", t, re.I)
        if m:
            who, t = m.group(1), m.group(2)
        m = re.fullmatch(
            r"(P[12](?:\.[\w]+)+|combat_chain(?:\.\w+)*|phase|turn|game\.\w+)\s*(?:is|=|:)?\s*(.+)", t, re.I
        )
        if m:
            return A.Observe(_norm_path(m.group(1)), _value(m.group(2)), who)
        m = re.fullmatch(
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
        mr = re.search(r"\s*(?:\(([^)]*)\)|\bbecause\b(.*)|!\s*(.*))$", t)
        if mr:
            reason = next((g for g in mr.groups() if g), "").strip()
            t = t[: mr.start()].strip()
        m = re.fullmatch(r"set (P[12](?:\.\w+)+) to (.+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), _value(m.group(2)), reason)]
        m = re.fullmatch(r"(P[12]\.\w+)\s*([+-]\d+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), m.group(2), reason)]
        m = re.fullmatch(r"(P[12]\.\w+)\s*(?:=|is)?\s*(-?\d+)", t, re.I)
        if m:
            return [A.Adjust(_norm_path(m.group(1)), int(m.group(2)), reason)]
        m = re.fullmatch(rf"{_P} (gains|loses) (\d+) life", t, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_life" if m.group(2).casefold() == "gains" else "lose_life",
                    m.group(1).upper(),
                    int(m.group(3)),
                )
            ]
        m = re.fullmatch(rf"(.+?) deals (\d+) (arcane )?damage to {_P}(?:'s hero)?", t, re.I)
        if m:
            return [
                A.Outcome(
                    "arcane" if m.group(3) else "damage", "", int(m.group(2)), m.group(4).upper(), m.group(1)
                )
            ]
        m = re.fullmatch(rf"{_P} draws (a|an|one|two|three|\d+)(?: cards?)?", t, re.I)
        if m:
            return [A.Draw(m.group(1).upper(), _num(m.group(2)))]
        m = re.fullmatch(r"(?:the )?attack gets \+(\d+)(?:\{p\}| power)?", t, re.I)
        if m:
            return [A.Outcome("power", "", int(m.group(1)))]
        m = re.fullmatch(r"(?:the )?attack (?:gets|gains) go again", t, re.I)
        if m:
            return [A.Outcome("go_again")]
        m = re.fullmatch(rf"{_P} gains (\d+) (resource|action) points?", t, re.I)
        if m:
            return [
                A.Outcome(
                    "gain_resources" if m.group(3).casefold() == "resource" else "gain_ap",
                    m.group(1).upper(),
                    int(m.group(2)),
                )
            ]
        m = re.fullmatch(rf"{_P} creates (a|an|one|two|three|\d+) (.+?) tokens?", t, re.I)
        if m:
            return [A.CreateToken(m.group(1).upper(), m.group(3), _num(m.group(2)))]
        return None


def _norm_path(path: str) -> str:
    parts = path.split(".")
    parts[0] = parts[0].upper() if re.fullmatch(r"p[12]", parts[0], re.I) else parts[0]
    return ".".join(parts)


def _value(text: str) -> Any:
    t = text.strip().strip('"').strip("'")
    if re.fullmatch(r"-?\d+", t):
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
    (re.compile(r"^\s*(p[12])\s+ars\s+(.+)$", re.I), r"\1 puts \2 face-down into their arsenal"),
    (re.compile(r"^\s*(p[12])\s+bottom\s+(.+)$", re.I), r"\1 puts \2 on the bottom of their deck"),
    (re.compile(r"^\s*(p[12])\s+draw\s+(\d+)$", re.I), r"\1 draws \2"),
    (re.compile(r"^\s*(p[12])\s+pass$", re.I), r"\1 passes"),
    (
        re.compile(r"^\s*(p[12])\s+ab\s+(\d+)\s+pitch\s+(.+)$", re.I),
        r"\1 applies Arcane Barrier \2, pitching \3",
    ),
    (re.compile(r"^\s*(p[12])\s+ab\s+(\d+)$", re.I), r"\1 applies Arcane Barrier \2"),
    (re.compile(r"^\s*(p[12])\s+token\s+(.+)$", re.I), r"\1 creates a \2 token"),
    (re.compile(r"^\s*pass\s*$", re.I), "all pass"),
    (re.compile(r"^\s*>\s*(\w+)\s*$", re.I), r"all pass to the \1 Step"),
    (re.compile(r"^\s*>>\s*(\w+)\s*$", re.I), r"all pass through the \1 Step"),
    (re.compile(r"^\s*obs\s+", re.I), "observe: "),
    (re.compile(r"^\s*adj\s+", re.I), "judge: "),
]


def notation_to_english(line: str) -> str:
    """Rewrite the compact notation (docs/reconstruction.md) into the English shapes.

    ``@P2`` -> "targeting P2's hero", ``@Name`` -> "targeting Name", ``^ A, B`` -> ", pitching A and B",
    ``$2`` -> "paying 2 with floating resource points"; verbs: play, act, def, ars, bottom, draw,
    pass, ab, token, obs, adj; ``>step`` passes to a step, ``>>step`` through it.
    """
    out = []
    for clause in split_clauses(line):
        c = clause
        for pattern, repl in _NOTATION:
            c = pattern.sub(repl, c)
        c = re.sub(r"\s@(P[12])\b", r" targeting \1's hero", c, flags=re.I)
        c = re.sub(r"\s@\s*([^\^$]+?)(?=\s*(?:\^|\$|$))", r" targeting \1", c)
        c = re.sub(
            r"\s*\^\s*(.+?)(?=\s*(?:\$|$))",
            lambda m: ", pitching " + re.sub(r"\s*,\s*", " and ", m.group(1)),
            c,
        )
        c = re.sub(r"\s*\$(\d+)", r", paying \1 with floating resource points", c)
        c = re.sub(r"^(p[12])\b", lambda m: m.group(1).upper(), c)
        out.append(c)
    return "; ".join(out)
