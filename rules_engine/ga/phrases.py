"""Read a judge's line about a Grand Archive game: short notation or plain English.

A line is split into clauses (";", "then", a full stop); each clause becomes one :class:`Clause`
with a verb the engine knows (materialize, activate, attack, retaliate, intercept, pass, resolve,
draw, damage, recover, rest, wake, destroy, banish, discard, counter, end_turn, phase, concede,
observe). The players are ``P1``/``P2`` (also "player 1", "TP"/"NTP", "the turn player", or the
names the scenario gives); card names are matched against the names the game knows, longest
first, ignoring case. A clause the reader cannot place is returned as ``unreadable`` with what it
did understand, so the engine reports it instead of skipping it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import norm

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven)"


def _n(word: str) -> int:
    w = word.casefold()
    return int(w) if w.isdigit() else _NUMBERS.get(w, 1)


@dataclass
class Clause:
    verb: str
    text: str
    player: str | None = None
    card: str | None = None
    target: str | None = None  # "P2 champion", or an object's name
    target_player: str | None = None
    weapon: str | None = None
    paid_with: list[str] = field(default_factory=list)  # cards reserved from hand
    paid_count: int | None = None
    banished: list[str] = field(default_factory=list)  # memory cards banished for a memory cost
    amount: int | None = None
    counter: str | None = None
    phase: str | None = None


_SPLIT = re.compile(r"\s*(?:;|\.\s+(?=[A-Z(])|,?\s+\bthen\b\s+|,?\s+\band then\b\s+)\s*", re.IGNORECASE)
_PLAYER = re.compile(
    r"^(?:(p1|p2|player ?1|player ?2|tp|ntp|the turn[- ]player|turn[- ]player|the non[- ]turn[- ]player|"
    r"non[- ]turn[- ]player)(?:'s)?)\b",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(
    r"^(?:p1|p2|player ?[12]|tp|ntp|no\b|nobody|none\b|all\b|both\b|everyone|it\b|he\b|she\b|they\b|"
    r"then\b|and then\b|(?:\d+ )?damage\b|takes?\b|deals?\b|resolves?\b|passes\b|pass\b)",
    re.IGNORECASE,
)
_LEAD_IN = re.compile(
    r"^(?:in response(?: to .*)?|due to .*|because of .*|thanks to .*|via .*|while .*|before .*|after .*|"
    r"meanwhile|next|later|during .*|at (?:the )?(?:end|beginning|start) of .*|in (?:the|his|her|their) \w+ (?:phase|step)|"
    r"on (?:enter|attack|hit|death)\b.*|.*'s on (?:enter|attack|hit|death)\b.*)$",
    re.IGNORECASE,
)
_TURN_LEAD = re.compile(
    r"^(?:at the (?:start|beginning|end) of (?:his|her|their|the|my|your) turn|on (?:his|her|their) turn)\s*,?\s+",
    re.IGNORECASE,
)
_ACTOR_VERB = re.compile(
    r"^(?:attacks?|swings?|retaliates?|intercepts?|resolves?|dies|died|is destroyed|takes?|deals?|rests?|wakes?)\b"
)
_PAYMENT_TAIL = re.compile(
    r",?\s*\b(?:reserving|paying|putting|placing|banishing|memori[sz]ing|reserves|pays)\b", re.IGNORECASE
)
_PLAYER_ANY = re.compile(r"\b(p1|p2|player ?1|player ?2)(?:'s)?\b", re.IGNORECASE)
_CHAMPION_REF = re.compile(
    r"\b(?:(p1|p2|player ?1|player ?2|his|her|their|my|your|the opponent's|opponent's|the opposing)\s*(?:'s)?\s*)?"
    r"(champion|face|hero)\b",
    re.IGNORECASE,
)


def _player_code(word: str, names: dict[str, str], turn: str) -> str | None:
    w = norm(word).replace("'s", "").replace("-", " ")
    if w in ("p1", "player 1", "player1"):
        return "P1"
    if w in ("p2", "player 2", "player2"):
        return "P2"
    if w in ("tp", "the turn player", "turn player"):
        return turn
    if w in ("ntp", "the non turn player", "non turn player"):
        return "P2" if turn == "P1" else "P1"
    for code, name in names.items():
        if norm(name) == w:
            return code
    return None


def _bare(word: str) -> str:
    """A word without the punctuation around or inside it (apostrophes kept)."""
    return re.sub(r"'s$", "", re.sub(r"[^\w']", "", word).strip("'"))


_SHORT = [
    (re.compile(r"\bw/\s*", re.I), "with "),
    (re.compile(r"\s*->\s*", re.I), " targeting "),
    (re.compile(r"\batk(s)?\b", re.I), "attacks"),
    (re.compile(r"\bmat(s|z)?\b", re.I), "materializes"),
    (re.compile(r"\bret(s)?\b", re.I), "retaliates"),
    (re.compile(r"\bno ret\b", re.I), "no retaliation"),
    (re.compile(r"\bres(?:erving)?\s*:\s*", re.I), "reserving "),
    (re.compile(r"\bdmg\b", re.I), "damage"),
    (re.compile(r"\bopp(?:onent)?'?s\b", re.I), "opponent's"),
]


def _shorthand(text: str) -> str:
    """A judge's short notation spelt out: w/ (with), -> (targeting), atk, mat, ret, dmg, res:."""
    for rx, repl in _SHORT:
        text = rx.sub(repl, text)
    return text


class NameIndex:
    """Card names looked up by their words: built once per card pool and shared by parsers."""

    def __init__(self, card_names: list[str], parent: NameIndex | None = None) -> None:
        seen: dict[str, str] = {}
        for n in card_names:
            if n:
                seen.setdefault(norm(n), n)
        self.by_tokens: dict[tuple[str, ...], str] = dict(parent.by_tokens) if parent else {}
        self.comma_names: list[str] = list(parent.comma_names) if parent else []
        for n in sorted(seen.values(), key=len, reverse=True):
            key = tuple(t for t in (_bare(w) for w in norm(n).split()) if t)
            if key and key not in self.by_tokens:
                self.by_tokens[key] = n
                if "," in n:
                    self.comma_names.append(n)
        self.longest = max((len(k) for k in self.by_tokens), default=1)


class GAParser:
    """Turns one log line into clauses, knowing the card names and the players' names."""

    def __init__(self, card_names: list[str] | NameIndex, player_names: dict[str, str] | None = None) -> None:
        index = card_names if isinstance(card_names, NameIndex) else NameIndex(card_names)
        self.player_names = dict(player_names or {})
        self._comma_names = index.comma_names
        self._by_tokens = index.by_tokens
        self._longest = index.longest

    # -- names ----------------------------------------------------------------------------------
    def cards_in(self, text: str) -> list[tuple[int, str]]:
        """Card names in ``text`` with their positions, longest first, never overlapping: the
        text's words are looked up as runs of words (punctuation aside), so a long card pool costs
        no more than a short one."""
        low = norm(text)
        words = [(m.start(), _bare(m.group(0))) for m in re.finditer(r"\S+", low)]
        found: list[tuple[int, str]] = []
        i = 0
        while i < len(words):
            for size in range(min(self._longest, len(words) - i), 0, -1):
                key = tuple(w for _, w in words[i : i + size])
                if key[0] and key in self._by_tokens:
                    found.append((words[i][0], self._by_tokens[key]))
                    i += size
                    break
            else:
                i += 1
        return found

    def _names_list(self, text: str) -> list[str]:
        return [n for _, n in self.cards_in(text)]

    # -- lines ----------------------------------------------------------------------------------
    def parse(self, line: str, turn: str) -> list[Clause]:
        text = _shorthand(line.strip().rstrip("."))
        parts: list[str] = []
        pending = ""
        for p in _SPLIT.split(text):
            if not (p and p.strip()):
                continue
            if _PLAYER.fullmatch(p.strip()):
                pending = p.strip() + " "  # "P1 then plays ...": the subject stays with its verb
                continue
            parts.extend(self._comma_clauses(pending + p))
            pending = ""
        out: list[Clause] = []
        last_player: str | None = None
        for part in parts:
            clause = self.clause(part.strip(), turn, last_player)
            if (
                clause.verb == "unreadable"
                and out
                and out[-1].verb in ("resolve", "all_pass")
                and clause.card
                and norm(clause.text).strip() == norm(clause.card)
            ):
                clause.verb = "resolve"  # "Song of Frost resolved first, then Spark Alight"
            if clause.player:
                last_player = clause.player
            out.append(clause)
        return out

    def _comma_clauses(self, text: str) -> list[str]:
        """Split at a comma only where a new clause starts ("..., no retaliation, Silvie takes 2"),
        never inside a card name ("Lorraine, Wandering Warrior") or a list of reserved cards."""
        pieces = text.split(",")
        out = [pieces[0]]
        for piece in pieces[1:]:
            joined = out[-1] + "," + piece
            inside_name = any(
                norm(n) in norm(joined) and norm(n) not in norm(out[-1]) and "," in n
                for n in self._comma_names
            )
            if (
                not inside_name
                and (_CLAUSE_START.match(piece.strip()) or self._starts_with_player_name(piece.strip()))
                or (not inside_name and self._starts_with_actor(piece.strip()))
            ):
                out.append(piece)
            else:
                out[-1] = joined
        merged: list[str] = []
        for p in (p.strip() for p in out if p.strip()):
            if merged and _LEAD_IN.match(merged[-1]):
                merged[-1] = merged[-1] + ", " + p  # "in response, P1 plays ...": one clause
            else:
                merged.append(p)
        return merged

    def _starts_with_player_name(self, text: str) -> bool:
        low = norm(text)
        return any(low.startswith((norm(n) + " ", norm(n) + "'s ")) for n in self.player_names.values())

    def _starts_with_actor(self, text: str) -> bool:
        found = self.cards_in(text)
        if not found or found[0][0] != 0:
            return False
        rest = norm(text)[len(norm(found[0][1])) :]
        return bool(_ACTOR_VERB.match(rest.strip()))

    def clause(self, text: str, turn: str, last_player: str | None) -> Clause:
        text = _TURN_LEAD.sub("", text, count=1)
        low = norm(text)
        player = None
        m = _PLAYER.match(text)
        rest = text
        if not m and "," in text and _LEAD_IN.match(text.split(",")[0].strip()):
            # "before damage, P2 casts ...": the subject comes after the lead-in
            after = text.split(",", 1)[1].strip()
            m2 = _PLAYER.match(after)
            if m2:
                player = _player_code(m2.group(1), self.player_names, turn)
                rest = after[m2.end() :].strip()
        if m:
            player = _player_code(m.group(1), self.player_names, turn)
            rest = text[m.end() :].strip()
        else:
            for code, name in self.player_names.items():
                if low.startswith((norm(name) + " ", norm(name) + "'s ")):
                    player = code
                    rest = text[len(name) :].lstrip("'s").strip()
                    break
        c = self._verb(rest, low, turn)
        c.text = text
        if c.player is None:
            c.player = player or last_player
        return c

    def _target(self, text: str, turn: str, actor: str | None) -> tuple[str | None, str | None]:
        """(``"champion"`` or an object's name, the player whose it is) after targeting/at/on."""
        m = re.search(r"\b(?:targeting|targets?|at|on|against|into|hitting|to)\s+(.+)$", text, re.IGNORECASE)
        if not m:
            return None, None
        tail = m.group(1)
        names = self._names_list(tail)
        owner = None
        pm = _PLAYER_ANY.search(tail)
        if pm:
            owner = _player_code(pm.group(1), self.player_names, turn)
        if names:
            return names[0], owner
        if pm and pm.start() == 0 and not re.search(r"'s\s+\w", tail[pm.end() - 2 :]):
            return "champion", owner  # "targeting P2": the player's champion
        cm = _CHAMPION_REF.search(tail)
        if cm:
            who = cm.group(1)
            if who and _player_code(who, self.player_names, turn):
                owner = _player_code(who, self.player_names, turn)
            return "champion", owner
        return None, owner

    def _payment(self, text: str, c: Clause) -> None:
        low = norm(text)
        m = re.search(
            r"\b(?:reserv(?:ing|es?|ed)|memor(?:izing|ising|y)|putting|puts?|placing|paying with|pays with|"
            r"pay with|paid with)\s+(.+?)(?:\s+(?:in|into|to)\s+(?:the\s+)?memory|\)|$|\s+targeting|\s+at\s)",
            low,
        )
        if m:
            names = self._names_list(m.group(1))
            if names:
                c.paid_with = names
            else:
                n = re.match(_NUM + r"\b", m.group(1))
                if n:
                    c.paid_count = _n(n.group(1))
        m = re.search(r"\b(?:reserve|pay(?:ing|s)?)\s+" + _NUM + r"\b", low)
        if m and not c.paid_with and c.paid_count is None:
            c.paid_count = _n(m.group(1))
        m = re.search(
            r"\bbanish(?:ing|es)?\s+(.+?)(?:\s+from\s+(?:the\s+|his\s+|her\s+|their\s+)?memory|\)|$)", low
        ) or re.search(r"\bbanished (?:cards? )?(?:were|was|are|is)\s+(.+?)(?:\)|$)", low)
        if m:
            c.banished = self._names_list(m.group(1))
            if not c.banished:
                n = re.match(_NUM + r"\b", m.group(1))
                if n:
                    c.paid_count = _n(n.group(1))

    def _verb(self, rest: str, low: str, turn: str) -> Clause:
        r = norm(rest)
        names = self._names_list(rest)
        first = names[0] if names else None
        if re.search(r"\bconcedes?\b", r):
            return Clause("concede", rest)
        if re.search(
            r"\b(?:no|doesn't|does not|don't|do not|didn't|did not|can't|cannot|could not|couldn't|declines? to|declined to|without|won't|will not)\s+(?:\w+\s+)?retaliat",
            low,
        ):
            return Clause("no_retaliate", rest, card=first)
        if (
            re.search(r"\bno (?:responses?|response|one responds|further actions)\b", low)
            or re.search(
                r"\b(?:nobody|no one|no-one)\s+(?:did|does|responded|responds|had|has|acted)\b|\bnothing else\b|"
                r"\blet (?:it|them|that|\w+(?: \w+)?) resolve\b|^pass$",
                low,
            )
            or re.match(r"^(?:all|both|everyone|both players|they both)\s+pass", r)
            or re.match(r"^(?:all|both) pass", low)
        ):
            c = Clause("all_pass", rest)
            m = re.search(r"\(([^)]*)\bresolves?\b", rest)
            if m:
                nm = self._names_list(m.group(1))
                c.card = nm[0] if nm else None
            return c
        if re.search(
            r"\b(?:ends?|ended|passes|passed|finishes|finished) (?:the |his |her |their |my |your )?turn\b|\bend(?:s)? of turn\b|\bturn ends\b",
            r,
        ):
            return Clause("end_turn", rest)
        m = re.search(
            r"\b(?:moves?|goes|go|proceeds?|moving|going|advances?|skip(?:s|ping)? straight)\s+(?:on\s+)?to\s+(?:the\s+)?"
            r"(main|end|damage|retaliation|recollection|draw|materiali[sz]e)",
            r,
        )
        if m:
            ph = m.group(1).replace("materialise", "materialize")
            return Clause("phase", rest, phase=ph)
        if re.search(r"\bresolves?\b|\bresolved\b", r) and not re.search(
            r"\b(?:plays?|activates?|casts?)\b", r
        ):
            return Clause("resolve", rest, card=first)
        if re.search(r"\bpass(?:es|ed)?\b", r) and not first:
            return Clause("pass", rest)
        if re.search(
            r"\bmateriali[sz]|\blevels?(?:\s|-)?up\b|\blvl(?:s)?(?:\s|-)?up\b|\blevel(?:s|ed)? (?:in)?to\b|\blevelled\b|\bleveled\b",
            r,
        ):
            c = Clause("materialize", rest, card=self._after_verb(rest, names))
            self._payment(rest, c)
            return c
        if re.search(r"\bintercept", r):
            return Clause("intercept", rest, card=first)
        if re.search(r"\bretaliat", r):
            return Clause("retaliate", rest, card=first)
        if re.search(r"\b(?:attacks?|attacking|swings?|swinging|swung|attacked)\b", r):
            return self._attack(rest, names, turn)
        if re.search(r"\bremov\w*\s+(?:3|three)\s+enlighten counters?\b", r) and re.search(r"\bdraw", r):
            dm = re.search(r"\bdr(?:aw|ew)\w*\s+(.*)$", rest, re.IGNORECASE)
            drawn = self._names_list(dm.group(1)) if dm else []
            return Clause("enlighten", rest, card=drawn[0] if drawn else None)
        if re.search(r"\bdraws?\b|\bdrew\b", r):
            m = re.search(r"\bdr(?:aws?|ew)\s+" + _NUM + r"\b", r)
            return Clause("draw", rest, card=first, amount=_n(m.group(1)) if m else (None if first else 1))
        m = re.search(
            r"\b(?:has|have|is at|at|with|on)\s+(\d+)\s+(?:cards? )?(?:in (?:their |his |her )?)?(memory|hand|life(?: left)?|cards? in deck|deck)\b",
            r,
        )
        if m:
            kind = m.group(2).split()[0]
            kind = {"life": "life_left", "cards": "deck", "card": "deck"}.get(kind, kind)
            return Clause("observe_count", rest, amount=int(m.group(1)), counter=kind)
        m = re.search(r"\brecovers?\s+(\d+)", r)
        if m:
            return Clause("recover", rest, amount=int(m.group(1)))
        m = re.search(
            r"\b(?:puts?|gets?|adds?|gains?|places?|with)\s+"
            + _NUM
            + r"\s+(buff|level|durability|enlighten|preparation|music)\s+counters?",
            r,
        )
        if m:
            c = Clause("counter", rest, amount=_n(m.group(1)), counter=m.group(2))
            c.target, c.target_player = self._target(rest[m.end() :], turn, None)
            if c.target is None:
                c.card = first
            return c
        m = re.search(
            r"\bremoves?\s+" + _NUM + r"\s+(buff|level|durability|enlighten|preparation|music)\s+counters?", r
        )
        if m:
            c = Clause("counter", rest, amount=-_n(m.group(1)), counter=m.group(2))
            c.card = first
            return c
        if re.search(
            r"\b(?:plays?|played|activates?|activated|casts?|cast|uses?|summons?|summoned|deploys?|deployed|equips?|responds? with|responded with|answers? with|answered with)\b",
            r,
        ):
            c = Clause("activate", rest, card=self._after_verb(rest, names))
            self._payment(rest, c)
            tail = rest
            if c.card:
                i = norm(rest).find(norm(c.card))
                tail = rest[i + len(c.card) :] if i >= 0 else rest
            tail = _PAYMENT_TAIL.split(re.sub(r"\([^)]*\)", "", tail))[0]
            wm = re.search(
                r"\b(?:with|using|wielding)\s+(.+?)(?:\s+(?:targeting|at|on|against|into)\s|$)",
                tail,
                re.IGNORECASE,
            )
            if wm:
                used = self._names_list(wm.group(1))
                if used:
                    c.weapon = used[0]
                    tail = tail[: wm.start()] + " " + tail[wm.end(1) :]
            c.target, c.target_player = self._target(tail, turn, None)
            return c
        m = re.search(r"\b(\d+)\s+damage\b", r) or re.search(r"\b(?:takes?|took|dealt|deals?)\s+(\d+)\b", r)
        if m and re.match(r"^\d+\s+damage$", r):
            return Clause("damage", rest, amount=int(m.group(1)))
        if m and re.search(r"\b(?:deals?|dealt|takes?|took|does|did|hits? for|for)\b", r):
            c = Clause("damage", rest, amount=int(next(g for g in m.groups() if g)))
            after = r[m.end() :]
            names_after = self._names_list(after)
            if re.search(r"\b(?:takes?|took|is dealt)\b", r):
                c.target = names[0] if names else "champion"
                pm = _PLAYER_ANY.search(r)
                if pm and c.target == "champion":
                    c.target_player = _player_code(pm.group(1), self.player_names, turn)
            else:
                c.card = first if first and (not names_after or names_after[0] != first) else None
                tgt, owner = self._target(after, turn, None)
                c.target, c.target_player = tgt, owner
            return c
        m = re.search(r"\b(?:is at|at|has|on)\s+(\d+)\s+damage\b", r)
        if m:
            return Clause("observe", rest, amount=int(m.group(1)), card=first)
        if re.search(r"\bwakes?(?:\s+up)?\b|\bwoke\b", r):
            return Clause("wake", rest, card=first)
        if re.search(r"\brests?\b|\brested\b", r):
            return Clause("rest", rest, card=first)
        if re.search(r"\b(?:destroys?|destroyed|dies|died|sacrifices?|sacrificed)\b", r):
            return Clause("destroy", rest, card=first)
        if re.search(r"\bbanish", r):
            return Clause("banish", rest, card=first)
        if re.search(r"\bdiscards?\b|\bdiscarded\b", r):
            return Clause("discard", rest, card=first)
        return Clause("unreadable", rest, card=first)

    def _after_verb(self, rest: str, names: list[str]) -> str | None:
        """The first card named after the line's verb ("Lorraine's On Enter: P1 materializes X")."""
        m = re.search(
            r"\b(?:materiali[sz]\w*|levels?\W*up|lvl\w*|level\w* (?:in)?to|level(?:s|led|ed)\b|plays?|played|activates?|activated|"
            r"casts?|uses?|summons?|summoned|deploys?|deployed|equips?|responds? with|responded with|answers? with|answered with)\b",
            rest,
            re.IGNORECASE,
        )
        if m:
            after = [n for pos, n in self.cards_in(rest[m.end() :])]
            full = [n for n in after if "," in n]
            if full and after[0] not in full and re.match(r"^\s*\S+\s+(?:in)?to\b", rest[m.end() :]):
                return full[0]  # "levelled Zander into Zander, Deft Executor"
            if after:
                return after[0]
        return names[0] if names else None

    def _attack(self, rest: str, names: list[str], turn: str) -> Clause:
        c = Clause("attack", rest)
        low = norm(rest)
        m = re.search(r"\b(?:with|using|wielding)\s+(.+?)(?:\s+(?:targeting|at|on|against|into)\s|$)", low)
        used = self._names_list(m.group(1)) if m else []
        vpos = re.search(r"\b(?:attack|swing|swung)", low)
        subject = [n for pos, n in self.cards_in(rest) if vpos is not None and pos < vpos.start()]
        if subject and used:
            c.card, c.weapon = subject[0], used[0]  # "Slime Knight attacks ... with Drawn Blade"
        elif used:
            c.card = used[0]
            if len(used) > 1:
                c.weapon = used[1]
        elif subject:
            c.card = subject[0]  # "Slime Knight attacks P2's champion"
        if m and re.search(r"\b(?:and|plus|with)\b", m.group(1)) and len(used) > 1:
            c.weapon = used[1]
        c.target, c.target_player = self._target(
            _PAYMENT_TAIL.split(re.sub(r"\([^)]*\)", "", rest))[0], turn, None
        )
        if c.target is not None and c.target == c.card:
            c.target = None
        if c.target is None:
            vm = re.search(r"\b(?:attacks?|attacking|swings? at|swung at|attacked)\s+(.+)$", low)
            if vm:
                obj = re.split(r"\b(?:with|using|wielding)\b|,", vm.group(1))[0]
                onames = [n for n in self._names_list(obj) if n not in (c.card, c.weapon)]
                pm = _PLAYER_ANY.match(obj.strip())
                if onames:
                    c.target = onames[0]
                elif pm or _CHAMPION_REF.search(obj):
                    c.target = "champion"
                    if pm:
                        c.target_player = _player_code(pm.group(1), self.player_names, turn)
        if c.card is None and names:
            c.card = next((n for n in names if n != c.target), None)
        if subject and c.weapon is None and c.card == subject[0]:
            after = [n for pos, n in self.cards_in(rest) if vpos is not None and pos > vpos.start()]
            rest_names = [n for n in after if n not in (c.card, c.target)]
            if rest_names:
                c.weapon = rest_names[0]  # "Tonoris swings Archon Broadsword at P2"
        self._payment(rest, c)
        return c
