"""The judging side of the Grand Archive reconstruction engine (``rules_engine.ga``, issue 34).

The FaB adapter (``judging.reconstruction.engine``) dispatches here when the call's event is a
Grand Archive event: the same stored :class:`~judging.models.Reconstruction` (start, lines with
``rewind K``, fix), replayed by :class:`rules_engine.ga.engine.GAEngine` over the GA card data in
``<shared>/data/ga``. Findings cite the GA Comprehensive Rules ("GA 2.3.c.2a", the site's rules
reference for GA); the backup report speaks of hand, memory, the material deck and the field
(GA 2.1); a player sees the final state without the opponent's hand, memory cards and material
deck (GA 2.1: private zones). Reads only; every write is in ``judging.reconstruction.services``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from core.errors import DomainError
from decklists.selectors import accepted_decklist_for
from rules_engine.ga.cards import GACards, default_cards
from rules_engine.ga.log import GAReplay, backup_report, replay
from rules_engine.ga.phrases import GAParser, NameIndex
from rules_engine.ga.rules import RULES, VERSION
from rules_engine.ga.scenarios import build_state, card_names_with_aliases
from rules_engine.ga.state import PHASES, UNKNOWN, GAState, view
from rules_engine.game.given import GivenError
from rules_engine.game.rules import UNREADABLE, VIOLATION

from ..models import JudgeCall, Reconstruction
from .outcome import OutcomeBase

PLAYERS = ("P1", "P2")
#: The engine's edition of the GA CR, stored as the reconstruction's ``rules_version``.
GA_RULES_VERSION = "ga"

# --------------------------------------------------------------------------- card data

_POOL: dict[str, tuple[GACards, NameIndex]] = {}


def ga_cards() -> tuple[GACards, NameIndex]:
    """The GA card export in ``<shared>/data/ga`` and its name index, read once per process; an
    empty pool without the data (every card is then an unknown-card finding, never a silent miss)."""
    key = str(settings.SHARED_DIR)
    hit = _POOL.get(key)
    if hit is None:
        cards = default_cards(key) or GACards()
        hit = (cards, NameIndex(card_names_with_aliases(cards)))
        _POOL[key] = hit
    return hit


def decklist_start(call: JudgeCall) -> dict[str, Any]:
    """The usual start of a GA dispute: the first player's main phase (GA 2.2.e) of turn 2, each
    champion as registered (the decklist's champion section), the rest of the material deck
    (GA 2.1.b), four unknown cards in hand and none in memory. The judge adjusts the rest."""
    cards, _index = ga_cards()
    match = call.match
    regs = (match.player_a, match.player_b) if match is not None else (None, None)
    start: dict[str, Any] = {"game": "ga", "turn": "P1", "phase": "main", "turn_number": 2}
    for pl, reg in zip(PLAYERS, regs):
        player: dict[str, Any] = {"hand": 4}
        decklist = accepted_decklist_for(reg) if reg is not None else None
        if decklist is not None:
            champion = ""
            materials: list[str] = []
            for entry in decklist.cards:
                name = str(entry.get("name", ""))
                section = entry.get("section")
                card = cards.get(name)
                if section == "champion" or (
                    section == "material" and card is not None and card.is_champion and card.level == 0
                ):
                    champion = champion or name
                elif section == "material":
                    materials.extend([name] * max(1, int(entry.get("qty", 1) or 1)))
            champion = champion or str(decklist.hero or "")
            if champion and cards.get(champion) is not None:
                player["champion"] = champion
            if materials:
                player["material_deck"] = materials
        start[pl] = player
    return start


def decklist_names(call: JudgeCall) -> dict[str, list[str]]:
    """Card names on each player's accepted decklist (for the reader and the autocomplete)."""
    out: dict[str, list[str]] = {pl: [] for pl in PLAYERS}
    match = call.match
    if match is None:
        return out
    for pl, reg in zip(PLAYERS, (match.player_a, match.player_b)):
        decklist = accepted_decklist_for(reg) if reg is not None else None
        if decklist is None:
            continue
        for c in decklist.cards:
            name = str(c.get("name", ""))
            if name and name not in out[pl]:
                out[pl].append(name)
    return out


def check_start(start: dict[str, Any]) -> GAState:
    """The start position, or :class:`GivenError` with what is wrong (a third player: GA 1.2.4)."""
    cards, _index = ga_cards()
    return build_state({k: v for k, v in start.items() if k != "game"}, cards)


def suggest(q: str) -> list[str]:
    """GA card names starting with (then containing a word starting with) what was typed."""
    cards, _index = ga_cards()
    key = " ".join(q.casefold().split())
    if not key:
        return []
    names = cards.names()
    first = [n for n in names if n.casefold().startswith(key)]
    then = [n for n in names if f" {key}" in n.casefold() and n not in first]
    return sorted(first)[:8] + sorted(then)[:8]


# --------------------------------------------------------------------------- replay


def cite(rules: list[str]) -> list[str]:
    """GA CR numbers as citations the rules reference links ("GA 2.3.c.2a")."""
    return [r if " " in r else f"GA {r}" for r in rules]


def summary(v: dict[str, Any]) -> dict[str, Any]:
    """The few facts a judge reads on a phone after each step: each champion's life left and
    level, cards in hand, memory and the material deck (GA 2.1), the turn, phase, stack, combat."""
    out: dict[str, Any] = {"game": "ga"}
    for pl in PLAYERS:
        p = v.get(pl) or {}
        out[pl] = {
            "champion": p.get("champion", ""),
            "life": p.get("life_left", p.get("life")),
            "damage": p.get("damage", 0),
            "level": p.get("level"),
            "hand": p.get("hand_count", 0),
            "memory": p.get("memory", 0),
            "materials": len(p.get("material_deck") or []),
            "deck": p.get("deck"),
        }
    out["turn"] = v["turn"]
    out["phase"] = v["phase"]
    out["stack"] = list(v.get("stack") or [])
    combat = v.get("combat")
    out["combat"] = (
        f"{combat['attacker']} → {combat['target'] or '?'}"
        + (f" ({combat['weapon']})" if combat.get("weapon") else "")
        if combat
        else ""
    )
    out["result"] = v.get("result", "")
    return out


def redact(v: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """``v`` as ``viewer`` ("P1"/"P2") may see it: the other player's hand, memory cards and
    material deck become counts (GA 2.1: private zones; memory is face down); the field,
    graveyard and banishment stay. ``None`` (a judge) sees all."""
    if viewer is None:
        return v
    out = dict(v)
    for pl in PLAYERS:
        if pl == viewer or pl not in v:
            continue
        p = dict(v[pl])
        p["hand_unknown"] = p.get("hand_count", len(p.get("hand") or []))
        p["hand"] = []
        p["memory_cards"] = []
        p["material_count"] = len(p.get("material_deck") or [])
        p["material_deck"] = []
        out[pl] = p
    return out


_WORDS = re.compile(r"[a-z']+")


def _suggestions(text: str) -> list[str]:
    """Nearest readings of an unreadable line: the GA verbs it is closest to, as lines to copy."""
    low = text.casefold()
    who = "P2" if re.search(r"\bp(?:layer )?2\b", low) else "P1"
    other = "P1" if who == "P2" else "P2"
    shapes = [
        (("play", "cast", "activat", "reserv", "summon"), f"{who} plays <card> reserving <card>, <card>"),
        (("materiali", "level", "mat "), f"{who} materializes <card>"),
        (
            ("attack", "swing", "atk", "hit"),
            f"{who} attacks with <ally or weapon> targeting {other}'s champion",
        ),
        (("retaliat", "ret", "block"), f"{other} retaliates with <ally>"),
        (("intercept",), f"{other} intercepts with <ally>"),
        (("pass", "resolv"), "all pass"),
        (("end", "turn"), f"{who} ends the turn"),
        (("damage", "life"), f"{other} takes 2 damage"),
        (("draw", "drew"), f"{who} draws 1"),
        (("rest", "wake"), f"{who} rests <object>"),
    ]
    out = [line for words, line in shapes if any(w in low for w in words)]
    return (out or [shapes[0][1], shapes[1][1], shapes[2][1]])[:3]


@dataclass
class GAOutcome(OutcomeBase):
    """A replayed GA reconstruction, with the FaB outcome's interface (pages, API, services)."""

    game = "ga"

    replay: GAReplay | None

    def state_view(self, state: Any) -> dict[str, Any]:
        return view(state)

    def state_summary(self, v: dict[str, Any]) -> dict[str, Any]:
        return summary(v)

    def redacted(self, v: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        return redact(v, viewer)

    def backup_report(self, to: int) -> dict[str, Any]:
        """What a backup to the state after step ``to`` would undo and reveal, in GA's zones:
        cards back to hand, out of memory, back on the field, back into the material deck, each
        champion's level and damage; a memory cost paid at random (GA 2.3.c.2a) in the undone
        steps is named with its step, since the same cards cannot be chosen again."""
        if self.replay is None:
            raise DomainError(_("the starting state cannot be read; fix it first"), field="start")
        if to != 0 and to not in self.path_numbers():
            raise DomainError(_("step %(to)s is not on the current path") % {"to": to}, field="to")
        rep: GAReplay = self.replay
        report = backup_report(rep, to)
        random_lines = sorted(
            {
                s.number
                for s in rep.path()
                if s.number > to
                for f in s.findings
                if set(f.rules) & set(RULES["random_memory"])
            }
        )
        report["game"] = "ga"
        report["random_memory_lines"] = random_lines
        report["drawn"] = any(p["cards_back_on_top_of_deck"] for p in report["players"].values())
        report["rules"] = cite(list(RULES["random_memory"])) if random_lines else []
        report["clean"] = not random_lines
        return report


def run(recon: Reconstruction, players: dict[str, str] | None = None) -> GAOutcome:
    """Replay a GA reconstruction. Never raises for bad input: an unreadable starting state is
    ``start_error``, an unreadable line a finding in place with its nearest readings."""
    cards, index = ga_cards()
    try:
        initial = check_start(recon.start or {})
    except GivenError as exc:
        return GAOutcome(recon, None, start_error=str(exc) or exc.__class__.__name__)
    except (TypeError, ValueError) as exc:
        return GAOutcome(recon, None, start_error=str(exc))
    extra = sorted(
        {n for names in decklist_names(recon.call).values() for n in names if cards.get(n) is None}
    )
    names_index = NameIndex(extra, parent=index) if extra else index
    parser = GAParser(names_index, {k: v for k, v in (players or {}).items() if v})
    rep = replay(initial, [str(x) for x in recon.lines], cards, parser)
    steps = []
    for rec in rep.steps:
        findings = []
        for f in rec.findings:
            out = f.to_json()
            out["citations"] = cite(list(f.rules))
            out["version"] = f.version or VERSION
            if f.kind == UNREADABLE:
                out["suggestions"] = _suggestions(rec.text)
            findings.append(out)
        steps.append(
            {
                "line": rec.number,
                "text": rec.text,
                "active": rec.active,
                "parent": rec.parent,
                "reversed": any(f.kind == VIOLATION for f in rec.findings),
                "unreadable": any(f.kind == UNREADABLE for f in rec.findings),
                "findings": findings,
                "state": summary(view(rec.state)),
            }
        )
    return GAOutcome(recon, rep, steps=steps)


# --------------------------------------------------------------------------- the start form

#: The start form's lists of cards (names with commas between them), by the start key they fill.
START_LISTS = ("material_deck", "graveyard", "banishment", "field")
#: The start form's numbers.
START_NUMBERS = ("damage", "level_counters", "deck")
#: Cards whose names the form takes with a count of the unknown ones (hand, memory).
START_HIDDEN = ("hand", "memory")

_FIELD_ITEM = re.compile(r"(?:(\d+)\s*x?\s+)?([a-z][a-z -]*)", re.I)


def field_item(text: str) -> str | dict[str, Any]:
    """One object typed in the start form's field: "Name", or "Name [rested, 2 damage, 1 buff,
    3 durability]" (GA 2.11: counters; rested or awake, GA 2.2.a.1)."""
    m = re.fullmatch(r"(.+?)\s*\[(.*)\]", text.strip())
    if not m:
        return text.strip()
    name = m.group(1).strip()
    item: dict[str, Any] = {"name": name}
    counters: dict[str, int] = {}
    for raw in re.split(r"[;,]", m.group(2)):
        part = raw.strip().casefold()
        if not part:
            continue
        if part in ("rested", "rest", "exhausted"):
            item["rested"] = True
            continue
        if part in ("awake", "ready"):
            item["rested"] = False
            continue
        cm = _FIELD_ITEM.fullmatch(part)
        if cm is None:
            raise DomainError(
                _(
                    "cannot read %(part)s in the brackets of %(name)s: write 'rested', '2 damage' or counters such as '1 buff' or '3 durability'"
                )
                % {"part": repr(part), "name": repr(name)},
                field="start",
            )
        n = int(cm.group(1) or 1)
        kind = re.sub(r"\s*counters?$", "", cm.group(2).strip())
        if kind == "damage":
            item["damage"] = int(item.get("damage", 0)) + n
        else:
            counters[kind] = counters.get(kind, 0) + n
    if counters:
        item["counters"] = counters
    return item


def field_text(item: Any) -> str:
    """An object of the starting field as the form shows it (the inverse of ``field_item``)."""
    if not isinstance(item, dict):
        return str(item)
    bits = ["rested"] if item.get("rested") else []
    if item.get("damage"):
        bits.append(f"{item['damage']} damage")
    bits += [f"{n} {k}" for k, n in (item.get("counters") or {}).items()]
    name = str(item.get("name", ""))
    return f"{name} [{', '.join(bits)}]" if bits else name


def _split(text: str, cards: GACards) -> list[str]:
    """Names typed with commas between them; "Lorraine, Wandering Warrior" stays one name."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "["
        depth -= ch == "]" and depth > 0
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    parts = [p for p in parts if p]
    out: list[str] = []
    i = 0
    while i < len(parts):
        joined = f"{parts[i]}, {parts[i + 1]}" if i + 1 < len(parts) else ""
        if joined and "[" not in parts[i] and cards.get(joined.split(" [")[0]) is not None:
            out.append(joined)
            i += 2
        else:
            out.append(parts[i])
            i += 1
    return out


def _number(post, key: str) -> int | None:
    raw = str(post.get(key, "")).strip()
    if raw in ("", "-"):
        return None
    if not raw.isdigit():
        raise DomainError(_("%(field)s must be a whole number") % {"field": key}, field=key)
    return int(raw)


def start_from_form(start: dict[str, Any], post) -> dict[str, Any]:
    """The GA starting state with the start form's fields applied: a blank field keeps its value,
    "-" empties it. Per player: champion, lineage (bottom first), damage and level counters on
    the champion, whether it is rested; cards in hand and in memory (a count, with the ones
    known by name); cards in the main deck; the material deck, graveyard, banishment and the
    field (objects with their state in brackets); the champions beneath the champion (its
    lineage, GA 1.7.a.9, bottom first). Whose turn, the phase (GA 2.2) and turn number."""
    cards, _index = ga_cards()
    out = {**start, "game": "ga"}
    if post.get("turn") in PLAYERS:
        out["turn"] = post["turn"]
    if post.get("phase") in PHASES:
        out["phase"] = post["phase"]
    turn_number = _number(post, "turn_number")
    if turn_number:
        out["turn_number"] = turn_number
    for pl in PLAYERS:
        p = dict(out.get(pl) or {})
        champion = str(post.get(f"{pl}-champion", "")).strip()[:120]
        if champion == "-":
            p.pop("champion", None)
        elif champion:
            p["champion"] = champion
        for key in START_NUMBERS:
            raw = str(post.get(f"{pl}-{key}", "")).strip()
            if raw == "-":
                p.pop(key, None)
                continue
            value = _number(post, f"{pl}-{key}")
            if value is not None:
                p[key] = value
        if post.get(f"{pl}-flags_shown"):
            for flag in ("rested", "materialized", "first_turn"):
                if post.get(f"{pl}-{flag}"):
                    p[flag] = True
                else:
                    p.pop(flag, None)
        for key in START_HIDDEN:
            raw_known = str(post.get(f"{pl}-{key}", "")).strip()
            count = _number(post, f"{pl}-{key}_count")
            if raw_known == "-":
                known: list[str] = []
            elif raw_known:
                known = _split(raw_known, cards)
            else:
                known = [x for x in _hidden(p.get(key)) if x != UNKNOWN]
            if count is None and not raw_known:
                continue
            total = max(count if count is not None else len(_hidden(p.get(key))), len(known))
            p[key] = known + [UNKNOWN] * (total - len(known)) if known else total
        for key in START_LISTS:
            raw = str(post.get(f"{pl}-{key}", "")).strip()
            if raw == "-":
                p.pop(key, None)
            elif raw:
                names = _split(raw, cards)
                p[key] = [field_item(n) for n in names] if key == "field" else names
        beneath = str(post.get(f"{pl}-beneath", "")).strip()
        below = [str(x) for x in (p.get("lineage") or [])[:-1]]
        if beneath == "-":
            below = []
        elif beneath:
            below = _split(beneath, cards)
        top = p.get("champion") or ((p.get("lineage") or [""])[-1])
        if top:
            p["champion"] = top
        if below and top:
            p["lineage"] = [*below, top]
        else:
            p.pop("lineage", None)
        out[pl] = p
    return out


def _hidden(v: Any) -> list[str]:
    if isinstance(v, int):
        return [UNKNOWN] * v
    return [str(x) for x in (v or [])]


def start_fields(start: dict[str, Any]) -> dict[str, Any]:
    """The current starting state as the GA start form shows it."""
    fields: dict[str, Any] = {
        "turn": start.get("turn", "P1"),
        "phase": start.get("phase", "main"),
        "turn_number": start.get("turn_number", ""),
    }
    for pl in PLAYERS:
        p = start.get(pl) or {}
        row: dict[str, Any] = {"champion": p.get("champion", "")}
        for key in START_NUMBERS:
            row[key] = p.get(key, "")
        for flag in ("rested", "materialized", "first_turn"):
            row[flag] = bool(p.get(flag))
        for key in START_HIDDEN:
            cards = _hidden(p.get(key))
            row[f"{key}_count"] = len(cards)
            row[key] = ", ".join(x for x in cards if x != UNKNOWN)
        for key in START_LISTS:
            items = p.get(key) or []
            row[key] = ", ".join(field_text(x) if key == "field" else str(x) for x in items)
        lineage = [str(x) for x in (p.get("lineage") or [])]
        row["beneath"] = ", ".join(lineage[:-1])
        if lineage and not row["champion"]:
            row["champion"] = lineage[-1]
        fields[pl] = row
    return fields
